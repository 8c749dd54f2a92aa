// The per-game binding files in this folder register themselves; this file
// only gives the library a source when no game has a binding yet.
namespace asterism::engines {
int anchor = 0;
}  // namespace asterism::engines
