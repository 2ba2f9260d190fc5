/**
 * doc2 Analytics events, transcribed: 'Step-up types BO_INFO, BO_VERIFICATION, BUSINESS_INFO, GOV_ID_SELFIE,
 * OTP_SMS, EIN_DOC, FULL_ONBOARDING, FULL_SSN, PHONE_AUTH each have started, success and error events'; and doc2 §8
 * 'error events exist for OTP, phone, identity, EIN, owner info, overlapping currency and incorrect URL'. The
 * events are the screens' `analytics` (show, submit, error; variants included) of the real content.
 */
import { bundle } from './tables.ts';

const STEP_UPS = [
  'BO_INFO',
  'BO_VERIFICATION',
  'BUSINESS_INFO',
  'GOV_ID_SELFIE',
  'OTP_SMS',
  'EIN_DOC',
  'FULL_ONBOARDING',
  'FULL_SSN',
  'PHONE_AUTH',
];

/** Events the product does not send yet (issue 28 item 7), each an expected failure until it does. */
const MISSING: Record<string, string> = {};

type Slot = string | readonly string[] | undefined;
type Analytics = Record<string, Slot> | undefined;
const events = new Set<string>();
const add = (slot: Slot) => {
  for (const type of slot === undefined ? [] : typeof slot === 'string' ? [slot] : slot) events.add(type);
};
for (const screen of Object.values(bundle.screens)) {
  const all = [
    screen.analytics as Analytics,
    ...(screen.variants ?? []).map((variant) => (variant.merge as { analytics?: Analytics } | undefined)?.analytics),
  ];
  for (const analytics of all) for (const slot of Object.values(analytics ?? {})) add(slot);
  // An action's own event (sent once its call succeeds), and a secondary action's (resend, cancel).
  for (const action of screen.actions ?? []) add(action.analytics);
  for (const action of screen.secondary ?? []) {
    add(action.analytics);
    for (const call of action.actions ?? []) add(call.analytics);
  }
}

describe('doc2 Analytics events: started, success and error for every step-up kind', () => {
  for (const kind of STEP_UPS) {
    for (const phase of ['started', 'success', 'error']) {
      const type = `${kind}_${phase}`;
      (MISSING[type] ? it.fails : it)(`${type}${MISSING[type] ? ` (missing: ${MISSING[type]})` : ''}`, () => {
        expect([...events]).toContain(type);
      });
    }
  }
});

// doc2 Analytics events: 'OTP, phone-link, identity and EIN flows have their own started, resend, failed, cancelled,
// success and error events'. Our event names: each flow's prefix, then the phase (the OTP flow's OTP_, the phone
// link's phone_link_, the photo-ID check's identity_, the EIN document check's EIN_).
describe('doc2 Analytics events: each verification flow has started, resend, failed, cancelled, success and error', () => {
  const FLOWS = { OTP: 'OTP', 'phone link': 'phone_link', identity: 'identity', EIN: 'EIN' };
  for (const [flow, prefix] of Object.entries(FLOWS)) {
    for (const phase of ['started', 'resend', 'failed', 'cancelled', 'success', 'error']) {
      it(`${flow}: ${prefix}_${phase}`, () => {
        expect([...events]).toContain(`${prefix}_${phase}`);
      });
    }
  }
});
