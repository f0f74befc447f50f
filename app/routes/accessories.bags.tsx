import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BAGS } from "../../domain/accessories";
import { ShelfPage } from "../components/ShelfPage";
import { shelfCards, shelfOnFile } from "../shelf.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: t("shelves:bags.metaTitle") },
    { name: "description", content: t("shelves:bags.metaDescription") },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const onFile = await shelfOnFile(context.shop, "bags", BAGS);
  return { cards: shelfCards("bags", BAGS, languageOf(request), onFile), messages: routeMessages(request, "shelves", "seller") };
}

export default function Bags() {
  const { cards } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <ShelfPage
      title={t("shelves:bags.title")}
      intro={t("shelves:bags.intro")}
      trail={[
        { label: t("nav.home"), to: "/" },
        { label: t("shelves:accessories.crumb"), to: "/accessories" },
        { label: t("shelves:bags.crumb") },
      ]}
      cards={cards}
      back={{ to: "/accessories", label: t("shelves:accessories.back") }}
    />
  );
}
