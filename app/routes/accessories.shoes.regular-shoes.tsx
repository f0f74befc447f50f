import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { REGULAR_SHOES, REGULAR_SHOE_SIZES } from "../../domain/accessories";
import { catalogueId } from "../../domain/catalogue";
import { SizeGuide } from "../components/SizeGuide";
import { sizeGuideFor } from "../sizes/size-guide.server";
import { ShelfPage } from "../components/ShelfPage";
import { shelfCards, shelfOnFile } from "../shelf.server";
import { metaT, useT } from "../i18n/I18n";
import { languageOf, routeMessages } from "../i18n/i18n.server";

export const meta: MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    { title: t("shelves:regularShoes.metaTitle") },
    { name: "description", content: t("shelves:regularShoes.metaDescription") },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Every shoe on this shelf comes in the same sizes: one chart and one finder for the shelf (decision 131).
  const sizeGuide = await sizeGuideFor(context.shop, request, { id: catalogueId.shoe(REGULAR_SHOES[0].id), sizes: REGULAR_SHOE_SIZES });
  const onFile = await shelfOnFile(context.shop, "shoes", REGULAR_SHOES);
  return data(
    { cards: shelfCards("shoes", REGULAR_SHOES, languageOf(request), onFile), sizeGuide: sizeGuide.view, messages: routeMessages(request, "shelves", "sizes", "seller") },
    { status: sizeGuide.status },
  );
}

export default function RegularShoes() {
  const { cards, sizeGuide } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <>
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
      {sizeGuide ? <SizeGuide guide={sizeGuide} itemName={t("sizes:kind.shoes")} choose={false} /> : null}
    </>
  );
}
