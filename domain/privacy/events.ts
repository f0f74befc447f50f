/**
 * A parent's privacy choices and requests (docs/privacy.md, decision 124), one stream per person:
 * `privacy-{subject}` (`privacy-account:<userId>` or `privacy-order:<orderId>`). No event here holds
 * personal data: only the notice version, places, times and subject ids, so none of it is sealed and
 * all of it survives an erasure (the record that the person was erased, and when).
 */
import "../zod-in-browser";
import { z } from "zod";
import { RuleViolation } from "../errors";
import type { Decider } from "../events/decider";
import { createEventRegistry } from "../events/registry";
import { LANGUAGES, type Language } from "../i18n";
import { CONSENT_PLACES, CONSENT_PURPOSES, ERASURE_DUE_DAYS, type ConsentPlace, type ConsentPurpose } from "./notice";

export type PrivacyEvent =
  | {
      type: "ConsentGiven";
      data: { subject: string; notice: string; purposes: ConsentPurpose[]; place: ConsentPlace; language: Language; at: string };
    }
  | { type: "ConsentWithdrawn"; data: { subject: string; notice: string; at: string } }
  /** The parent asked for their messages on WhatsApp (decision 230): where they said so, in which language. */
  | { type: "WhatsAppConsentGiven"; data: { subject: string; place: WhatsAppPlace; language: Language; at: string } }
  /** ... and no more: texts go by SMS again. */
  | { type: "WhatsAppConsentWithdrawn"; data: { subject: string; place: WhatsAppPlace; at: string } }
  | { type: "ErasureRequested"; data: { subject: string; by: "parent" | "guest"; at: string; dueBy: string } }
  /** The parent took the request back within its cooling-off (decision 248): nothing is erased. */
  | { type: "ErasureWithdrawn"; data: { subject: string; at: string } }
  /**
   * The person's keys are gone (the subject's and those of the orders that were theirs): every reader
   * now reads their data as erased. The read models scrub the rows of `orderIds` (projectors/orders.ts).
   */
  | {
      type: "SubjectErased";
      data: { subject: string; subjects: string[]; orderIds: string[]; actor: { kind: "admin" | "system"; id?: string; name?: string }; at: string };
    };

export const privacyStreamId = (subject: string) => `privacy-${subject}`;

/** Where a parent gave or withdrew their WhatsApp consent: at checkout, on their account page, or by replying STOP on WhatsApp. */
export const WHATSAPP_PLACES = ["checkout", "account", "whatsapp"] as const;
export type WhatsAppPlace = (typeof WHATSAPP_PLACES)[number];

const at = z.string();
export const privacyEvents = createEventRegistry<PrivacyEvent>("privacy", {
  ConsentGiven: {
    version: 1,
    schema: z.object({
      subject: z.string(),
      notice: z.string(),
      purposes: z.array(z.enum(CONSENT_PURPOSES)),
      place: z.enum(CONSENT_PLACES),
      language: z.enum(LANGUAGES),
      at,
    }),
  },
  ConsentWithdrawn: { version: 1, schema: z.object({ subject: z.string(), notice: z.string(), at }) },
  WhatsAppConsentGiven: {
    version: 1,
    schema: z.object({ subject: z.string(), place: z.enum(WHATSAPP_PLACES), language: z.enum(LANGUAGES), at }),
  },
  WhatsAppConsentWithdrawn: { version: 1, schema: z.object({ subject: z.string(), place: z.enum(WHATSAPP_PLACES), at }) },
  ErasureRequested: { version: 1, schema: z.object({ subject: z.string(), by: z.enum(["parent", "guest"]), at, dueBy: z.string() }) },
  ErasureWithdrawn: { version: 1, schema: z.object({ subject: z.string(), at }) },
  SubjectErased: {
    version: 1,
    schema: z.object({
      subject: z.string(),
      subjects: z.array(z.string()),
      orderIds: z.array(z.string()),
      actor: z.object({ kind: z.enum(["admin", "system"]), id: z.string().optional(), name: z.string().optional() }),
      at,
    }),
  },
});

export interface PrivacyState {
  /** The notice version consented to, while the consent stands. */
  consent?: { notice: string; at: string };
  /** An erasure asked for and not yet done. */
  erasureAskedAt?: string;
  erased?: string;
  /** Since when the parent wants their messages on WhatsApp, while they do. */
  whatsapp?: { at: string };
}

export type PrivacyCommand =
  | { type: "GiveConsent"; subject: string; notice: string; purposes: ConsentPurpose[]; place: ConsentPlace; language: Language; at: string }
  | { type: "WithdrawConsent"; subject: string; at: string }
  | { type: "ChooseWhatsApp"; subject: string; wants: boolean; place: WhatsAppPlace; language: Language; at: string }
  | { type: "RequestErasure"; subject: string; by: "parent" | "guest"; at: string }
  | { type: "WithdrawErasure"; subject: string; coolingOffHours: number; at: string }
  | {
      type: "Erase";
      subject: string;
      subjects: string[];
      orderIds: string[];
      actor: { kind: "admin" | "system"; id?: string; name?: string };
      /** The shop's cooling-off (ERASURE_COOLING_OFF_HOURS, decision 248): the admin waits it out after a parent's request. */
      coolingOffHours: number;
      at: string;
    };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when a request asked at `at` may be taken back, and the shop's "Erase now" waits (decision 248). */
export function coolingOffEnds(at: string, hours: number): string {
  return new Date(Date.parse(at) + hours * 60 * 60 * 1000).toISOString();
}

/** The day an erasure asked for at `at` is due (the admin page's deadline). */
export function erasureDueBy(at: string): string {
  return new Date(Date.parse(at) + ERASURE_DUE_DAYS * DAY_MS).toISOString();
}

export const privacyDecider: Decider<PrivacyState, PrivacyCommand, PrivacyEvent> = {
  initialState: () => ({}),
  evolve(state, event) {
    switch (event.type) {
      case "ConsentGiven":
        return { ...state, consent: { notice: event.data.notice, at: event.data.at } };
      case "ConsentWithdrawn":
        return { ...state, consent: undefined };
      case "WhatsAppConsentGiven":
        return { ...state, whatsapp: { at: event.data.at } };
      case "WhatsAppConsentWithdrawn":
        return { ...state, whatsapp: undefined };
      case "ErasureRequested":
        return { ...state, erasureAskedAt: event.data.at };
      case "ErasureWithdrawn":
        return { ...state, erasureAskedAt: undefined };
      case "SubjectErased":
        return { consent: undefined, erasureAskedAt: undefined, erased: event.data.at };
    }
  },
  decide(command, state) {
    if (state.erased) {
      // An erased person has nothing left to consent to or erase: asking again is answered as done.
      if (command.type === "RequestErasure" || command.type === "Erase" || command.type === "WithdrawErasure") return [];
      throw new RuleViolation("privacy.erased", {}, 409);
    }
    switch (command.type) {
      case "GiveConsent":
        if (command.purposes.length === 0) throw new RuleViolation("privacy.noPurpose", {}, 422);
        // The same notice agreed to again (a second checkout) is already on record.
        if (state.consent?.notice === command.notice) return [];
        return [
          {
            type: "ConsentGiven",
            data: {
              subject: command.subject,
              notice: command.notice,
              purposes: [...new Set(command.purposes)],
              place: command.place,
              language: command.language,
              at: command.at,
            },
          },
        ];
      case "ChooseWhatsApp":
        // Asked again as it stands (a second checkout, a second STOP): already on record.
        if (command.wants === !!state.whatsapp) return [];
        return command.wants
          ? [{ type: "WhatsAppConsentGiven", data: { subject: command.subject, place: command.place, language: command.language, at: command.at } }]
          : [{ type: "WhatsAppConsentWithdrawn", data: { subject: command.subject, place: command.place, at: command.at } }];
      case "WithdrawConsent":
        if (!state.consent) throw new RuleViolation("privacy.noConsent", {}, 409);
        return [{ type: "ConsentWithdrawn", data: { subject: command.subject, notice: state.consent.notice, at: command.at } }];
      case "RequestErasure":
        // Asked twice before the shop acts: the first request (and its deadline) stands.
        if (state.erasureAskedAt) return [];
        return [{ type: "ErasureRequested", data: { subject: command.subject, by: command.by, at: command.at, dueBy: erasureDueBy(command.at) } }];
      case "WithdrawErasure":
        // Nothing asked (taken back already, a second tab): nothing to take back.
        if (!state.erasureAskedAt) return [];
        if (command.at >= coolingOffEnds(state.erasureAskedAt, command.coolingOffHours)) throw new RuleViolation("privacy.coolingOffOver", {}, 409);
        return [{ type: "ErasureWithdrawn", data: { subject: command.subject, at: command.at } }];
      case "Erase":
        if (!command.subjects.includes(command.subject)) throw new RuleViolation("privacy.subjectNotErased", {}, 422);
        // The parent may still take their request back: the shop's "Erase now" waits. The operator's command and a
        // restore's erasing again (system) do not.
        if (command.actor.kind === "admin" && state.erasureAskedAt && command.at < coolingOffEnds(state.erasureAskedAt, command.coolingOffHours)) {
          throw new RuleViolation("privacy.coolingOff", {}, 409);
        }
        return [
          {
            type: "SubjectErased",
            data: { subject: command.subject, subjects: command.subjects, orderIds: command.orderIds, actor: command.actor, at: command.at },
          },
        ];
    }
  },
};
