import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { REGULAR_SHOES } from "../../domain/accessories";
import { ShelfPage } from "../components/ShelfPage";
import { shelfCards } from "../shelf.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: t("shelves:regularShoes.metaTitle") },
    { name: "description", content: t("shelves:regularShoes.metaDescription") },
  ];
};

export async function loader({ request }: LoaderFunctionArgs) {
  return { cards: shelfCards("shoes", REGULAR_SHOES, languageOf(request)), messages: routeMessages(request, "shelves") };
}

export default function RegularShoes() {
  const { cards } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <ShelfPage
      title={t("shelves:regularShoes.title")}
      intro={t("shelves:regularShoes.intro")}
      trail={[
        { label: t("nav.home"), to: "/" },
        { label: t("shelves:accessories.crumb"), to: "/accessories" },
        { label: t("shelves:shoes.crumb"), to: "/accessories/shoes" },
        { label: t("shelves:regularShoes.crumb") },
      ]}
      cards={cards}
      back={{ to: "/accessories/shoes", label: t("shelves:shoes.back") }}
    />
  );
}
