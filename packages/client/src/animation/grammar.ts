// Lines about a player read right whatever the name: the tutorial calls the player "You" (and anyone may take that
// name), so "You holds the initiative" becomes "You hold the initiative" and "You's warship" "Your warship". Applied
// to every log line and caption made from a template with a name in it.

/** A third-person verb after "You", in the second person: holds → hold, passes → pass, is → are, has → have. */
function secondPerson(verb: string): string {
  if (verb === 'is') return 'are';
  if (verb === 'has') return 'have';
  if (verb === 'does') return 'do';
  if (/(ch|sh|ss|x|z)es$/.test(verb)) return verb.slice(0, -2);
  if (/[^aeiou]ies$/.test(verb)) return `${verb.slice(0, -3)}y`;
  return verb.slice(0, -1);
}

/** Whether position `i` of `line` starts a sentence (the start, or after ". ", "! ", "? ", ": " or a quote). */
const sentenceStart = (line: string, i: number): boolean => i === 0 || /[.!?:“"(]\s*$/.test(line.slice(0, i));

export function addressed(line: string): string {
  if (!line.includes('You')) return line;
  return line
    .replace(/\bYou's\b/g, (_m, i: number) => (sentenceStart(line, i) ? 'Your' : 'your'))
    .replace(/\bYou ([a-z]+s)\b/g, (_m, verb: string) => `You ${secondPerson(verb)}`);
}
