// Look-alike names (Unicode TS #39 §4, confusable detection): two names whose skeletons are equal look the same
// ("Ada" in Latin and "Аdа" with Cyrillic letters, "rn" and "m"), so where a name must be unique it is the skeleton
// that must be. The mapping is confusables.txt's, from the `unhomoglyph` package. A separate module from names.ts so
// the client, which only cleans names, does not carry the table.
import unhomoglyph from 'unhomoglyph';

const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/** skeleton(X): NFD, without default-ignorable code points, each character mapped to its prototype, NFD again. */
export function nameSkeleton(name: string): string {
  return unhomoglyph(name.normalize('NFD').replace(IGNORABLE, '')).normalize('NFD');
}

/** Whether two names are confusable with each other (equal skeletons). */
export function namesLookAlike(a: string, b: string): boolean {
  return nameSkeleton(a) === nameSkeleton(b);
}
