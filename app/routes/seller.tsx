import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { phoneLink, whatsappLink } from "../../domain/contact";
import { SellerTerms } from "../components/SellerTerms";
import { metaT, useT } from "../i18n/I18n";
import { routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [{ title: t("seller:page.metaTitle") }, { name: "description", content: t("seller:page.metaDescription") }];
};

/**
 * Who sells (Consumer Protection (E-Commerce) Rules 2020, decision 130): the legal name, address and
 * GSTIN (the seller settings, SHOP_LEGAL_NAME and the rest), customer care (the contact settings,
 * decision 096) and the grievance officer, with the terms and the way to complain.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const { seller, contact } = context.shop.config;
  return {
    seller: { legalName: seller.legalName, address: seller.address, gstin: seller.gstin, officer: seller.grievanceOfficer },
    care: { phone: contact.phone ?? null, email: contact.email ?? null, whatsapp: contact.whatsapp ?? null },
    messages: routeMessages(request, "seller"),
  };
}

export default function Seller() {
  const { seller, care } = useLoaderData<typeof loader>();
  const t = useT();
  const careAny = care.phone || care.email || care.whatsapp;
  return (
    <article className="prose seller-page">
      <h1>{t("seller:page.title")}</h1>
      <p>{t("seller:page.intro")}</p>
      <dl className="seller-details">
        <dt>{t("seller:page.legalName")}</dt>
        <dd>{seller.legalName}</dd>
        <dt>{t("seller:page.address")}</dt>
        <dd>{seller.address || t("seller:page.addressMissing")}</dd>
        <dt>{t("seller:page.gstin")}</dt>
        <dd>{seller.gstin ?? t("seller:page.gstinNone")}</dd>
      </dl>
      <section aria-labelledby="seller-care">
        <h2 id="seller-care">{t("seller:page.customerCare")}</h2>
        {careAny ? (
          <ul>
            {care.phone ? (
              <li>
                {t("seller:page.phone")}: <a href={phoneLink(care.phone)}>{care.phone}</a>
              </li>
            ) : null}
            {care.email ? (
              <li>
                {t("seller:page.email")}: <a href={`mailto:${care.email}`}>{care.email}</a>
              </li>
            ) : null}
            {care.whatsapp ? (
              <li>
                {t("seller:page.whatsapp")}: <a href={whatsappLink(care.whatsapp)}>+{care.whatsapp}</a>
              </li>
            ) : null}
          </ul>
        ) : (
          <p>
            <Link to="/contact">{t("seller:page.careMissing")}</Link>
          </p>
        )}
      </section>
      <section aria-labelledby="seller-officer">
        <h2 id="seller-officer">{t("seller:page.grievanceOfficer")}</h2>
        <ul>
          <li>{seller.officer.name}</li>
          {seller.officer.phone ? (
            <li>
              {t("seller:page.phone")}: <a href={phoneLink(seller.officer.phone)}>{seller.officer.phone}</a>
            </li>
          ) : null}
          {seller.officer.email ? (
            <li>
              {t("seller:page.email")}: <a href={`mailto:${seller.officer.email}`}>{seller.officer.email}</a>
            </li>
          ) : null}
        </ul>
        <p>{t("seller:page.grievanceText")}</p>
        <p>
          <Link to="/grievance" className="button">
            {t("seller:page.fileComplaint")}
          </Link>
        </p>
      </section>
      <SellerTerms />
    </article>
  );
}
