import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, Link } from "@remix-run/react";
import { featuredCards } from "../../domain/featured";
import { formatDate, type Language } from "../../domain/i18n";
import { formatRupees } from "../../domain/money";
import { discountRuns, type DiscountRule } from "../../domain/orders/charges";
import { metaT, useT, type T } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";

/** The running offer as the banner words it, or null when none runs today (India's day). */
function offerToday(rule: DiscountRule, lang: Language, now: Date) {
  if (!discountRuns(rule, now)) return null;
  return {
    percent: rule.percent,
    minimum: rule.minimum > 0 ? formatRupees(rule.minimum) : null,
    // Noon in India, so the date shown is the offer's own last day in any server time zone.
    until: rule.until ? formatDate(`${rule.until}T12:00:00+05:30`, lang) : null,
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Worked out per request: a cached page may show yesterday's offer for at most PAGE_CACHE_SECONDS.
  const offer = offerToday(context.shop.config.charges.discount, languageOf(request), new Date());
  const featured = featuredCards().map(({ key, to, image, lowest, from }) => ({ key, to, image, from, price: formatRupees(lowest) }));
  return { offer, featured, messages: routeMessages(request, "home") };
}

type Offer = Awaited<ReturnType<typeof loader>>["offer"];

/** "10% off every order", "10% off orders of ₹1,000 or more until 30 Nov 2026". */
function offerSentence(t: T, offer: NonNullable<Offer>): string {
  const text = offer.minimum ? t("home:offer.minimum", { percent: offer.percent, minimum: offer.minimum }) : t("home:offer.every", { percent: offer.percent });
  return offer.until ? t("home:offer.until", { offer: text, date: offer.until }) : text;
}

/** The banner's sentences, only what the shop's charge rules give. */
function announcement(t: T, offer: Offer): string[] {
  return [t("home:delivery.free"), ...(offer ? [offerSentence(t, offer)] : [])];
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const t = metaT(matches);
  return [
    { title: t("home:meta.title") },
    { name: "description", content: [t("home:meta.description"), ...announcement(t, data?.offer ?? null).map((text) => t("home:sentence", { text }))].join(" ") },
  ];
};

const trustBadges = ["since", "delivery", "returns", "cod", "stitching", "schools"].map((badge) => `home:trust.${badge}`);

export default function Home() {
  const { offer, featured } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <>
      <p className="announcement" role="note" data-testid="announcement">
        {announcement(t, offer).join(" · ")}
      </p>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{t("home:hero.title")}</h1>
        <p>{t("home:hero.text")}</p>
        <Link className="button" to="/schools">
          {t("home:hero.action")}
        </Link>
      </section>
      <div className="tiles">
        <Link className="tile" to="/schools">
          <h2>{t("home:tiles.uniforms")}</h2>
          <p>{t("home:tiles.uniformsText")}</p>
        </Link>
        <Link className="tile" to="/accessories">
          <h2>{t("home:tiles.accessories")}</h2>
          <p>{t("home:tiles.accessoriesText")}</p>
        </Link>
        <Link className="tile wide" to="/orders/track">
          <h2>{t("home:tiles.track")}</h2>
          <p>{t("home:tiles.trackText")}</p>
        </Link>
      </div>
      <section aria-labelledby="featured-title">
        <h2 id="featured-title">{t("home:featured.title")}</h2>
        <ul className="grid bare-list">
          {featured.map((item) => (
            <li key={item.key} className="card" data-testid={`featured-${item.key}`}>
              <img src={item.image} alt="" width="200" height="200" loading="lazy" />
              <h3>
                <Link to={item.to}>{t(`home:featured.${item.key}`)}</Link>
              </h3>
              <p className="price">{item.from ? t("home:featured.from", { price: item.price }) : item.price}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="trust-title">
        <h2 id="trust-title">{t("home:trust.title")}</h2>
        <ul className="trust">
          {trustBadges.map((badge) => (
            <li key={badge}>{t(badge)}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
