// How far apart levels are drawn: the person's choice ("compact" or "exploded"), in scene
// units between the planes of two stacked levels. Its own module so that every layout
// (layout.js, stand.js) reads it without importing the other.

export const SPACINGS = { compact: 3.4, exploded: 5.2 };
