/**
 * The read models' names, in the order projectors/index.ts lists them: what `shop replay --help` and
 * `shop verify --help` name without loading the projectors (tests/unit/projector-names.test.ts keeps the two the same).
 */
export const PROJECTION_NAMES = [
  "stream_type_counts",
  "orders",
  "reports",
  "grievances",
  "photos",
  "children",
  "sizes",
  "privacy",
  "tax",
  "item_facts",
  "statements",
  "cash",
  "whatsapp_consents",
  "settlement_reports",
  "payments",
] as const;
