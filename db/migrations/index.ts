import type { Kysely } from "kysely";
import * as eventStore from "./0001_event_store";
import * as projections from "./0002_projections";
import * as outbox from "./0003_outbox";
import * as users from "./0004_users";
import * as products from "./0005_products";
import * as orders from "./0006_orders";
import * as notifications from "./0007_notifications";
import * as adminOrderIndexes from "./0008_admin_order_indexes";
import * as sealedCodesAndHeartbeats from "./0010_sealed_codes_and_heartbeats";
import * as stock from "./0011_stock";
import * as productNamesHi from "./0012_product_names_hi";
import * as orderPayments from "./0013_order_payments";
import * as notificationReminders from "./0014_notification_reminders";
import * as orderSearch from "./0015_order_search";
import * as namedAdmins from "./0017_named_admins";
import * as stockShelfChange from "./0018_stock_shelf_change";
import * as accountAddresses from "./0019_account_addresses";
import * as smsTemplates from "./0020_sms_templates";
import * as shopAlertsAndTemporaryPasswords from "./0021_shop_alerts_and_temporary_passwords";
import * as backupRuns from "./0022_backup_runs";
import * as privacyKeys from "./0023_privacy_keys";
import * as taxDocuments from "./0025_tax_documents";
import * as sellerDisclosuresAndGrievances from "./0027_seller_disclosures_and_grievances";
import * as sizeCharts from "./0028_size_charts";
import * as accountChildren from "./0029_account_children";
import * as reports from "./0030_reports";
import * as reportMonthlyLines from "./0031_report_monthly_lines";
import * as photos from "./0033_photos";
import * as itemFacts from "./0034_item_facts";
import * as reportLinesNet from "./0050_report_lines_net";
import * as adminSecondFactor from "./0060_admin_second_factor";
import * as secondFactorEnrol from "./0061_second_factor_enrol";
import * as taxLineKinds from "./0075_tax_line_kinds";
import * as refundsInPaise from "./0076_refunds_in_paise";
import * as statements from "./0090_statements";
import * as settlementReports from "./0091_settlement_reports";
import * as paymentsReceived from "./0092_payments_received";
import * as cash from "./0095_cash";
import * as whatsapp from "./0100_whatsapp";
import * as codRemittance from "./0101_cod_remittance";
import * as erasedSessions from "./0115_erased_sessions";

export interface ShopMigration {
  up(db: Kysely<unknown>): Promise<void>;
}

/**
 * Every migration, in order. A static list (not a folder scan) so the same code
 * runs from source under tsx and from the bundled server build.
 * Names sort in the order they must run.
 */
export const migrations: Record<string, ShopMigration> = {
  "0001_event_store": eventStore,
  "0002_projections": projections,
  "0003_outbox": outbox,
  "0004_users": users,
  "0005_products": products,
  "0006_orders": orders,
  "0007_notifications": notifications,
  "0008_admin_order_indexes": adminOrderIndexes,
  "0010_sealed_codes_and_heartbeats": sealedCodesAndHeartbeats,
  "0011_stock": stock,
  "0012_product_names_hi": productNamesHi,
  "0013_order_payments": orderPayments,
  "0014_notification_reminders": notificationReminders,
  "0015_order_search": orderSearch,
  "0017_named_admins": namedAdmins,
  "0018_stock_shelf_change": stockShelfChange,
  "0019_account_addresses": accountAddresses,
  "0020_sms_templates": smsTemplates,
  "0021_shop_alerts_and_temporary_passwords": shopAlertsAndTemporaryPasswords,
  "0022_backup_runs": backupRuns,
  "0023_privacy_keys": privacyKeys,
  "0025_tax_documents": taxDocuments,
  "0027_seller_disclosures_and_grievances": sellerDisclosuresAndGrievances,
  "0028_size_charts": sizeCharts,
  "0029_account_children": accountChildren,
  "0030_reports": reports,
  "0031_report_monthly_lines": reportMonthlyLines,
  "0033_photos": photos,
  "0034_item_facts": itemFacts,
  "0050_report_lines_net": reportLinesNet,
  "0060_admin_second_factor": adminSecondFactor,
  "0061_second_factor_enrol": secondFactorEnrol,
  "0075_tax_line_kinds": taxLineKinds,
  "0076_refunds_in_paise": refundsInPaise,
  "0090_statements": statements,
  "0091_settlement_reports": settlementReports,
  "0092_payments_received": paymentsReceived,
  "0095_cash": cash,
  "0100_whatsapp": whatsapp,
  "0101_cod_remittance": codRemittance,
  "0115_erased_sessions": erasedSessions,
};
