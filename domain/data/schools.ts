/*
 * THE SCHOOL LIST. This is the one file to edit when a school joins, leaves or changes
 * what it sells. Everything else (navbar, /schools, school pages, cart prices) follows.
 *
 * One school per entry, in the order the navbar and the school list show them:
 *
 *   { name: "Shekhawati Public School",         the name as parents know it
 *     items: ["Shirt", "Pant", ...],             the cards, in order; leave out to sell the default set:
 *                                                Shirt, Pant, White Pant, Tunik, T-shirt, Skirt, Belt,
 *                                                Tie Small, Tie Big, Socks 1, Socks 2
 *     addItems: ["Lower", "Jacket"],             extra cards after that list
 *     comingSoon: ["Jacket"],                    shown with a Coming Soon label, cannot be ordered
 *     colourChoice: ["T-shirt"],                 cards with Red / Yellow / Blue / Green buttons
 *     logo: true,                                a logo is in public/images/logos/{address}.jpg or .png
 *     sample: true },                            made-up school (see below)
 *
 * The web address comes from the name: "St. Xavier's" is /schools/st-xaviers (lower case,
 * apostrophes dropped, other punctuation and spaces become one hyphen). Renaming a school
 * changes its address and the folder its photos are read from:
 * public/images/schools/{address}/{item}.jpg, for example .../st-xaviers/t-shirt.jpg.
 *
 * Item names must be written exactly as in the default set above, or one of: White Tunik,
 * White Skirt, Socks, Lower, Kurti Salwaar, Jacket, Pant Class 1 to 5, Pant Class 6 to 12.
 * A typo is caught by `npm run typecheck` and by the unit tests. Prices are not set here;
 * they come from the price table in domain/pricing.ts.
 *
 * SAMPLE DATA: every entry marked `sample: true` is an invented school, listed only so the
 * shop looks complete before the real list arrives. Replace or delete them. DPS,
 * St. Xavier's and Other Sample School are named by the product spec and keep their pages.
 */
import type { SchoolEntry } from "../school-entry";

export const SCHOOL_ENTRIES: readonly SchoolEntry[] = [
  { name: "DPS", logo: true, colourChoice: ["T-shirt"] },
  {
    name: "St. Xavier's",
    logo: true,
    items: ["Shirt", "Pant", "White Pant", "White Tunik", "White Skirt", "Tunik", "T-shirt", "Skirt", "Socks 1", "Socks 2"],
  },
  { name: "Other Sample School", comingSoon: ["Tie Big"] },

  { name: "Adarsh Vidya Mandir", sample: true, addItems: ["Lower"], colourChoice: ["T-shirt", "Lower"] },
  { name: "Saraswati Bal Niketan", sample: true },
  {
    name: "Shekhawati Public School",
    sample: true,
    logo: true,
    items: [
      "Shirt",
      "Pant Class 1 to 5",
      "Pant Class 6 to 12",
      "White Pant",
      "Tunik",
      "T-shirt",
      "Skirt",
      "Belt",
      "Tie Small",
      "Tie Big",
      "Socks 1",
      "Socks 2",
    ],
  },
  { name: "Marudhar Senior Secondary School", sample: true, addItems: ["Kurti Salwaar"] },
  { name: "Churu Model School", sample: true, addItems: ["Jacket"], comingSoon: ["Jacket"] },
  { name: "Tagore Bal Vidyalaya", sample: true, colourChoice: ["T-shirt"] },
  { name: "Vivekanand Academy", sample: true, addItems: ["Lower", "Jacket"], colourChoice: ["Lower"] },
  { name: "Gyan Jyoti Public School", sample: true },
  { name: "Shiksha Bharti School", sample: true, comingSoon: ["White Pant"] },
  {
    name: "Sunrise Convent School",
    sample: true,
    items: ["Shirt", "Pant", "White Pant", "White Tunik", "White Skirt", "Tunik", "T-shirt", "Skirt", "Socks 1", "Socks 2"],
    addItems: ["Belt", "Tie Small", "Tie Big"],
  },
  { name: "Little Flower School", sample: true, colourChoice: ["T-shirt"] },
  { name: "Holy Angels School", sample: true, addItems: ["Kurti Salwaar", "Jacket"] },
  { name: "Maharishi Dayanand Public School", sample: true },
  { name: "Rajputana Senior Secondary School", sample: true, addItems: ["Lower"] },
  { name: "Bharat Vidya Niketan", sample: true },
  {
    name: "Lakshmi Devi Girls School",
    sample: true,
    items: ["Shirt", "Tunik", "Skirt", "White Skirt", "T-shirt", "Kurti Salwaar", "Belt", "Tie Small", "Socks 1", "Socks 2"],
    comingSoon: ["Kurti Salwaar"],
  },
  { name: "Sardar Patel Academy", sample: true, colourChoice: ["T-shirt"] },
  { name: "Green Valley Public School", sample: true, addItems: ["Jacket"] },
  { name: "Mother Teresa Convent School", sample: true, comingSoon: ["Tunik"] },
  {
    name: "Sanskar International School",
    sample: true,
    logo: true,
    addItems: ["Lower", "Jacket"],
    colourChoice: ["T-shirt", "Lower"],
  },
  { name: "Ratangarh Public School", sample: true },
  { name: "Sardarshahar Modern School", sample: true, addItems: ["Kurti Salwaar"] },
  { name: "Taranagar Shiksha Sadan", sample: true },
  { name: "Rajgarh Vidya Peeth", sample: true, addItems: ["Lower"] },
  { name: "Sujangarh Bal Bharti School", sample: true },
  { name: "Gandhi Memorial School", sample: true, addItems: ["Socks"] },
  { name: "Aravali Public School", sample: true },
  { name: "Thar Desert Academy", sample: true, addItems: ["Jacket"] },
  { name: "Navjeevan Senior Secondary School", sample: true },
  { name: "Blue Bells Public School", sample: true, colourChoice: ["T-shirt"] },
  { name: "Kalpana Chawla Girls Academy", sample: true, addItems: ["Kurti Salwaar"] },
  { name: "Dr. Radhakrishnan Vidyalaya", sample: true },
  { name: "Scholars' Home School", sample: true },
  { name: "St. Mary's Convent School", sample: true },
  { name: "New Era Public School", sample: true },
  { name: "Balaji Vidya Mandir", sample: true },
  { name: "Jain Adarsh Vidyalaya", sample: true },
];
