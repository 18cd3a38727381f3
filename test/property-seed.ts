import fc from "fast-check";

// Property tests draw from one fixed seed, so that a run of the suite is repeatable and a merge cannot fail on an
// unlucky draw. PODC_PROPERTY_SEED=random explores fresh inputs (a number replays one); a failure prints its seed.
const chosen = process.env["PODC_PROPERTY_SEED"];
const seed = chosen === "random" ? (Math.random() * 2 ** 32) | 0 : chosen ? Number(chosen) : 20261126;
fc.configureGlobal({ seed });
