import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BAGS } from "../../domain/accessories";
import { ShelfPage } from "../components/ShelfPage";
import { shelfCards } from "../shelf.server";

export const meta: MetaFunction = () => [
  { title: "School Bags & Backpacks | Churu Uniform House" },
  { name: "description", content: "School backpacks for nursery to senior classes, with padded straps and bottle pockets." },
];

export async function loader() {
  return { cards: shelfCards("bags", BAGS) };
}

export default function Bags() {
  const { cards } = useLoaderData<typeof loader>();
  return (
    <ShelfPage
      title="School Bags & Backpacks"
      intro="Sturdy bags sized for every class."
      trail={[{ label: "Home", to: "/" }, { label: "Accessories", to: "/accessories" }, { label: "Bags" }]}
      cards={cards}
      back={{ to: "/accessories", label: "Back to Accessories" }}
    />
  );
}
