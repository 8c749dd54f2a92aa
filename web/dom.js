// The pages' elements by id. Every id a script asks for is in its page's
// HTML (the browser tests open every page), so these give the element, not
// null; which kind of element it is, the caller says, as the HTML does.
// `$('advanced')`, made by a script when first needed, is the one that may
// be missing: shared.js asks document.getElementById itself.

/** @param {string} id */
export const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
export const input = (id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
/** @param {string} id */
export const select = (id) => /** @type {HTMLSelectElement} */ (document.getElementById(id));
/** @param {string} id */
export const button = (id) => /** @type {HTMLButtonElement} */ (document.getElementById(id));
/** @param {string} id */
export const svg = (id) => /** @type {SVGSVGElement} */ (/** @type {unknown} */ (document.getElementById(id)));
