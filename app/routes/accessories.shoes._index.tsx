import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { illustrationUrl } from "../../domain/images";
import { Breadcrumbs } from "../components/Breadcrumbs";

export const meta: MetaFunction = () => [
  { title: "School Shoes | Churu Uniform House" },
  { name: "description", content: "Kids shoes for Nursery to Class 2 and school shoes for Class 3 to 12." },
];

const TILES = [
  { to: "/accessories/shoes/kids-shoes", name: "Kids Shoes", note: "Class Nursery to 2", image: illustrationUrl("kids-shoe") },
  { to: "/accessories/shoes/regular-shoes", name: "Shoes", note: "Class 3 to 12", image: illustrationUrl("shoe") },
];

export default function Shoes() {
  return (
    <>
      <Breadcrumbs trail={[{ label: "Home", to: "/" }, { label: "Accessories", to: "/accessories" }, { label: "Shoes" }]} />
      <h1>School Shoes</h1>
      <ul className="grid tiles-grid">
        {TILES.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className="card tile-card">
              <img src={tile.image} alt="" width="200" height="200" />
              <h2 className="card-title">
                {tile.name} <span className="tile-note">({tile.note})</span>
              </h2>
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/accessories">Back to Accessories</Link>
      </p>
    </>
  );
}
