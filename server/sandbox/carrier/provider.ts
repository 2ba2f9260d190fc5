/**
 * Mobile (carrier) phone verification behind an interface. A real provider recognises the device on the
 * mobile network and vouches for the number; the sandbox answers from rules/sandbox.json (a number ending in
 * a listed suffix fails), so both outcomes can be reached on purpose.
 */

/** What the API needs from a carrier verification provider. */
export interface PhoneCarrier {
  /** Whether the carrier confirms that this device holds `localPhoneNumber`. */
  verify(localPhoneNumber: string): Promise<'SUCCESS' | 'FAILED'>;
}

/** The sandbox carrier: fails numbers ending in one of `failSuffixes`. */
export function sandboxCarrier(failSuffixes: string[]): PhoneCarrier {
  return {
    async verify(localPhoneNumber) {
      return failSuffixes.some((suffix) => localPhoneNumber.endsWith(suffix)) ? 'FAILED' : 'SUCCESS';
    },
  };
}
