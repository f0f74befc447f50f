import { Link } from "@remix-run/react";
import { formatRupees } from "../../domain/money";
import { AddToCartForm, type Offer } from "./AddToCartForm";
import { Breadcrumbs } from "./Breadcrumbs";
import { ProductFacts } from "./ProductFacts";
import { CardPicture } from "./CardPicture";
import type { PictureData } from "./Picture";
import type { ProductFacts as Facts } from "../../domain/seller/disclosures";

export interface ShelfCard {
  id: string;
  name: string;
  description: string;
  /** The owner's main photo of the item (decision 146), else its drawing. */
  picture: PictureData;
  price: number;
  offer: Offer;
  /** The facts the owner set for a bought-in item (decision 142); null: none set, none shown. Needs the `seller` namespace. */
  facts?: Facts | null;
}

/** The accessory shelves share one layout: breadcrumb, title, cards with an add button, back link. */
export function ShelfPage({
  title,
  intro,
  trail,
  cards,
  back,
}: {
  title: string;
  intro: string;
  trail: { label: string; to?: string }[];
  cards: ShelfCard[];
  back: { to: string; label: string };
}) {
  return (
    <>
      <Breadcrumbs trail={trail} />
      <h1>{title}</h1>
      <p>{intro}</p>
      <ul className="grid shelf">
        {cards.map((card, position) => (
          <li key={card.id} className="card">
            <CardPicture picture={card.picture} alt={card.name} position={position} />
            <h2 className="card-title">{card.name}</h2>
            <p className="description">{card.description}</p>
            {card.offer.sizes.length ? <p className="price">{formatRupees(card.price)}</p> : null}
            <AddToCartForm offer={card.offer} sizeMode="required" />
            {card.facts ? <ProductFacts facts={card.facts} mrp={card.price} id={`facts-${card.id}`} level={3} /> : null}
          </li>
        ))}
      </ul>
      <p>
        <Link to={back.to}>{back.label}</Link>
      </p>
    </>
  );
}
