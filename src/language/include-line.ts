/** The label that includes another script where it stands (`INCLUDE: shared/intro.pod`). */
export const INCLUDE_OPEN = "INCLUDE";

/** What an included script may be: a .pod script (a Fountain screenplay is read whole, and has no such part). */
export const INCLUDABLE_EXTENSION = ".pod";
