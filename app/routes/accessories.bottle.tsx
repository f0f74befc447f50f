import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BOTTLES } from "../../domain/accessories";
import { ShelfPage } from "../components/ShelfPage";
import { shelfCards, shelfOnFile } from "../shelf.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: t("shelves:bottle.metaTitle") },
    { name: "description", content: t("shelves:bottle.metaDescription") },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const onFile = await shelfOnFile(context.shop, "bottle", BOTTLES);
  return { cards: shelfCards("bottle", BOTTLES, languageOf(request), onFile), messages: routeMessages(request, "shelves", "seller") };
}

export default function Bottles() {
  const { cards } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <ShelfPage
      title={t("shelves:bottle.title")}
      intro={t("shelves:bottle.intro")}
      trail={[
        { label: t("nav.home"), to: "/" },
        { label: t("shelves:accessories.crumb"), to: "/accessories" },
        { label: t("shelves:bottle.crumb") },
      ]}
      cards={cards}
      back={{ to: "/accessories", label: t("shelves:accessories.back") }}
    />
  );
}
