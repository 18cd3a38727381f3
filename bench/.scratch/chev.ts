export * from "chevrotain";
