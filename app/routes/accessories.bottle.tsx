import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BOTTLES } from "../../domain/accessories";
import { ShelfPage } from "../components/ShelfPage";
import { shelfCards } from "../shelf.server";

export const meta: MetaFunction = () => [
  { title: "Water Bottles & Lunch Boxes | Churu Uniform House" },
  { name: "description", content: "Steel and insulated water bottles and lunch boxes for school." },
];

export async function loader() {
  return { cards: shelfCards("bottle", BOTTLES) };
}

export default function Bottles() {
  const { cards } = useLoaderData<typeof loader>();
  return (
    <ShelfPage
      title="Water Bottles & Lunch Boxes"
      intro="Keep water cool and lunch fresh through the school day."
      trail={[{ label: "Home", to: "/" }, { label: "Accessories", to: "/accessories" }, { label: "Bottle" }]}
      cards={cards}
      back={{ to: "/accessories", label: "Back to Accessories" }}
    />
  );
}
