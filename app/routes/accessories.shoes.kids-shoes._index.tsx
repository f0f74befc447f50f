import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { KIDS_SHOE_STYLES } from "../../domain/accessories";
import { formatRupees } from "../../domain/money";
import { KIDS_SHOE_BASE_PRICE } from "../../domain/pricing";
import { Breadcrumbs } from "../components/Breadcrumbs";

export const meta: MetaFunction = () => [
  { title: "Kids Shoes, Nursery to Class 2 | Churu Uniform House" },
  { name: "description", content: "Seven styles of kids school shoes: laces, velcro, girls bar shoes and sports shoes, sizes 7 to 3." },
];

export default function KidsShoes() {
  return (
    <>
      <Breadcrumbs
        trail={[{ label: "Home", to: "/" }, { label: "Accessories", to: "/accessories" }, { label: "Shoes", to: "/accessories/shoes" }, { label: "Kids Shoes" }]}
      />
      <h1>Kids Shoes (Class Nursery to 2)</h1>
      <p>Every style from {formatRupees(KIDS_SHOE_BASE_PRICE)}; the price rises a little with each size.</p>
      <ul className="grid tiles-grid">
        {KIDS_SHOE_STYLES.map((style) => (
          <li key={style.slug}>
            <Link to={`/accessories/shoes/kids-shoes/${style.slug}`} className="card tile-card">
              <img src={style.image} alt="" width="200" height="200" loading="lazy" />
              <h2 className="card-title">{style.name}</h2>
              <p className="description">{style.description}</p>
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to="/accessories/shoes">Back to Shoes</Link>
      </p>
    </>
  );
}
