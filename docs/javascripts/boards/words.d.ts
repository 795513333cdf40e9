// The type of words.js, which the build writes from nimcore/games/words.py
// (site_hooks/words.py): the boards' own French words, by key.
export const WORDS: Record<string, string>;
