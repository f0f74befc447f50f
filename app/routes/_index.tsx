import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";

export const meta: MetaFunction = () => [
  { title: "School uniforms & accessories in Churu | Since 1994" },
  {
    name: "description",
    content:
      "School uniforms for every Churu school, white uniforms, shoes, bags and stationery. Free doorstep delivery and 10% off your order.",
  },
];

const featured = [
  { name: "White Shirt", price: "₹499", to: "/white-products", image: "/images/types/shirt.svg" },
  { name: "Navy Pant", price: "₹499", to: "/schools", image: "/images/types/pant.svg" },
  { name: "Shoes", price: "₹199", to: "/accessories/shoes", image: "/images/types/shoe.svg" },
];

const trustBadges = [
  "Trusted since 1994",
  "Free doorstep delivery",
  "Easy 7-day returns",
  "Cash on delivery",
  "Quality stitching",
  "Every Churu school",
];

export default function Home() {
  return (
    <>
      <p className="announcement" role="note">
        Summer uniforms are here · Free doorstep delivery · 10% off your order
      </p>
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">School uniforms for every school in Churu</h1>
        <p>Pick your school, choose sizes and get everything delivered to your door. Serving families since 1994.</p>
        <Link className="button" to="/schools">
          Find your school
        </Link>
      </section>
      <div className="tiles">
        <Link className="tile" to="/schools">
          <h2>School Uniforms</h2>
          <p>Shirts, pants, skirts, tunics, ties and belts, school by school.</p>
        </Link>
        <Link className="tile" to="/accessories">
          <h2>Accessories</h2>
          <p>Stationery, shoes, bottles and lunch boxes, and school bags.</p>
        </Link>
      </div>
      <section aria-labelledby="featured-title">
        <h2 id="featured-title">Featured products</h2>
        <ul className="grid bare-list">
          {featured.map((item) => (
            <li key={item.name} className="card">
              <img src={item.image} alt="" width="200" height="200" loading="lazy" />
              <h3>
                <Link to={item.to}>{item.name}</Link>
              </h3>
              <p className="price">{item.price}</p>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="trust-title">
        <h2 id="trust-title">Why families shop with us</h2>
        <ul className="trust">
          {trustBadges.map((badge) => (
            <li key={badge}>{badge}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
