import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { isNonPublicAddress } from "../contract/private-address.js";

/** The code of the error a refused address fails a connection with; downloads turn it into a refusal. */
export const NON_PUBLIC_ADDRESS = "PODC_NON_PUBLIC_ADDRESS";

function refusal(hostname: string, address: string): NodeJS.ErrnoException {
  const shown = address.includes(":") ? `[${address}]` : address;
  return Object.assign(new Error(`${hostname} resolves to ${shown}, an address of this machine or a private network, where podc fetches no links`), {
    code: NON_PUBLIC_ADDRESS,
  });
}

/**
 * A DNS lookup for sockets that may only reach public addresses: the name is resolved as usual and the connection
 * goes to an address the resolution gave, checked after it — so a name that resolves (or is re-pointed) to
 * 169.254.169.254 or 10.0.0.5 is refused at the moment of connecting, not only when the link is read.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const usable = addresses.filter((a) => !isNonPublicAddress(a.address));
    if (usable.length === 0) return callback(refusal(hostname, addresses[0]?.address ?? "?"), "", 0);
    if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, usable);
    callback(null, usable[0]!.address, usable[0]!.family);
  });
};
