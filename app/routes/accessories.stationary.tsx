import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { STATIONERY } from "../../domain/accessories";
import { ShelfPage } from "../components/ShelfPage";
import { shelfCards } from "../shelf.server";

export const meta: MetaFunction = () => [
  { title: "Stationery | Churu Uniform House" },
  { name: "description", content: "Notebooks, geometry boxes, art and craft kits and scientific calculators for school." },
];

export async function loader() {
  return { cards: shelfCards("stationery", STATIONERY) };
}

export default function Stationery() {
  const { cards } = useLoaderData<typeof loader>();
  return (
    <ShelfPage
      title="Stationery"
      intro="Everything for the school desk."
      trail={[{ label: "Home", to: "/" }, { label: "Accessories", to: "/accessories" }, { label: "Stationary" }]}
      cards={cards}
      back={{ to: "/accessories", label: "Back to Accessories" }}
    />
  );
}
