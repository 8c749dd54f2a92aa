// Shatra's forms by the names players use (issue 43, point 8): the rules
// menu offers "Shatra of the sources" and "Altai Shatra" first, and folds
// the other readings (the Russian and Altai books', Shatrabase's) into an
// "Advanced" group of the same menu, each named by whose reading it is.
// The default stays the sources' form, which the rules page, the lessons
// and the puzzles teach (docs/learn.md says why).
import { t } from './i18n.js';

const PLAIN = ['seed', 'original'];

/** Groups the rules menu of the form on screen, if it shows Shatra's. */
export function groupRuleForms() {
  const menu = /** @type {HTMLSelectElement|null} */ (document.querySelector('select[data-option="rules"]'));
  if (!menu || menu.querySelector('optgroup')) return;
  const options = [...menu.options];
  if (!PLAIN.every((v) => options.some((o) => o.value === v))) return;
  const group = document.createElement('optgroup');
  group.label = t('opt.shatra.rules.advanced');
  const chosen = menu.value;
  for (const v of PLAIN) menu.append(/** @type {HTMLOptionElement} */ (options.find((o) => o.value === v)));
  for (const o of options) if (!PLAIN.includes(o.value)) group.append(o);
  if (group.children.length) menu.append(group);
  menu.value = chosen;
}
