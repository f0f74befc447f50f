import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { ACCESSORY_CATEGORIES } from "../../domain/accessories";
import { Breadcrumbs } from "../components/Breadcrumbs";

export const meta: MetaFunction = () => [
  { title: "School Accessories | Churu Uniform House" },
  { name: "description", content: "Stationery, school shoes, water bottles, lunch boxes and school bags, delivered to your door in Churu." },
];

export default function Accessories() {
  return (
    <>
      <Breadcrumbs trail={[{ label: "Home", to: "/" }, { label: "Accessories" }]} />
      <h1>School Accessories</h1>
      <ul className="grid tiles-grid">
        {ACCESSORY_CATEGORIES.map((category) => (
          <li key={category.slug}>
            <Link to={`/accessories/${category.slug}`} className="card tile-card">
              <img src={category.img} alt="" width="200" height="200" />
              <h2 className="card-title">{category.name}</h2>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
