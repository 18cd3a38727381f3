import { createHmac } from "node:crypto";

/*
 * The account, identified without storing its key: HMAC-SHA256 of the API key under a salt that lives
 * in the database (`podc_settings.account_salt`, made at random when the schema is created). Machines
 * with the same key and the same database agree on the id, so they share the account's slots; the id
 * reveals nothing of the key, and without the database's salt it cannot even be tested against a
 * guessed key.
 */

/** The id of the account whose key is `apiKey`, under the database's salt (hex). */
export function accountId(apiKey: string, saltHex: string): string {
  return createHmac("sha256", Buffer.from(saltHex, "hex")).update(apiKey, "utf8").digest("hex");
}
