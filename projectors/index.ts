import type { Projector } from "./projector";
import { streamTypeCounts } from "./stream-type-counts";
import { ordersProjector } from "./orders";
import { sizesProjector } from "./sizes";
import { reportsProjector } from "./reports";
import { grievancesProjector } from "./grievances";
import { photosProjector } from "./photos";
import { childrenProjector } from "./children";
import { privacyProjector } from "./privacy";
import { taxProjector } from "./tax";
import { itemFactsProjector } from "./item-facts";
import { statementsProjector } from "./statements";
import { settlementsProjector } from "./settlements";
import { paymentsProjector } from "./payments";
import { cashProjector } from "./cash";
import { whatsappConsentsProjector } from "./whatsapp-consents";

export type { Projector } from "./projector";

/** Every read model of the shop. Replay, verify and /healthz walk this list. */
export const projectors: readonly Projector[] = [streamTypeCounts, ordersProjector, reportsProjector, grievancesProjector, photosProjector, childrenProjector, sizesProjector, privacyProjector, taxProjector, itemFactsProjector, statementsProjector, cashProjector, whatsappConsentsProjector, settlementsProjector, paymentsProjector];
