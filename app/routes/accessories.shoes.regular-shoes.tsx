import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { REGULAR_SHOES } from "../../domain/accessories";
import { ShelfPage } from "../components/ShelfPage";
import { shelfCards } from "../shelf.server";

export const meta: MetaFunction = () => [
  { title: "School Shoes, Class 3 to 12 | Churu Uniform House" },
  { name: "description", content: "Formal, sports and canvas school shoes and sandals in sizes 3 to 10." },
];

export async function loader() {
  return { cards: shelfCards("shoes", REGULAR_SHOES) };
}

export default function RegularShoes() {
  const { cards } = useLoaderData<typeof loader>();
  return (
    <ShelfPage
      title="Shoes (Class 3 to 12)"
      intro="One price for every size from 3 to 10. Pick a size, then add to cart."
      trail={[
        { label: "Home", to: "/" },
        { label: "Accessories", to: "/accessories" },
        { label: "Shoes", to: "/accessories/shoes" },
        { label: "Regular Shoes" },
      ]}
      cards={cards}
      back={{ to: "/accessories/shoes", label: "Back to Shoes" }}
    />
  );
}
