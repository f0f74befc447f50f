/*
 * THE SCHOOL LIST. This is the one file to edit when a school joins, leaves or changes
 * what it sells. Everything else (navbar, /schools, school pages, cart prices) follows.
 *
 * One school per entry, in the order the navbar and the school list show them:
 *
 *   { name: "Shekhawati Public School",         the name as parents know it (as the school writes it)
 *     nameHi: "शेखावाटी पब्लिक स्कूल",            its Devanagari form, if it has one: shown beside
 *                                                the name on Hindi pages, never instead of it
 *     items: ["Shirt", "Pant", ...],             the cards, in order; leave out to sell the default set:
 *                                                Shirt, Pant, White Pant, Tunik, T-shirt, Skirt, Belt,
 *                                                Tie Small, Tie Big, Socks 1, Socks 2
 *     addItems: ["Lower", "Jacket"],             extra cards after that list
 *     comingSoon: ["Jacket"],                    shown with a Coming Soon label, cannot be ordered
 *     colourChoice: ["T-shirt"],                 cards with Red / Yellow / Blue / Green buttons
 *     alsoKnownAs: ["SPS"],                      other names parents search it by (never shown)
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
  { name: "DPS", alsoKnownAs: ["Delhi Public School", "दिल्ली पब्लिक स्कूल", "डीपीएस"], logo: true, colourChoice: ["T-shirt"] },
  {
    name: "St. Xavier's",
    nameHi: "सेंट ज़ेवियर्स",
    alsoKnownAs: ["St. Xavier's School", "Saint Xaviers"],
    logo: true,
    items: ["Shirt", "Pant", "White Pant", "White Tunik", "White Skirt", "Tunik", "T-shirt", "Skirt", "Socks 1", "Socks 2"],
  },
  { name: "Other Sample School", comingSoon: ["Tie Big"] },

  { name: "Adarsh Vidya Mandir", nameHi: "आदर्श विद्या मंदिर", sample: true, addItems: ["Lower"], colourChoice: ["T-shirt", "Lower"] },
  { name: "Saraswati Bal Niketan", nameHi: "सरस्वती बाल निकेतन", sample: true },
  {
    name: "Shekhawati Public School",
    nameHi: "शेखावाटी पब्लिक स्कूल",
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
  { name: "Marudhar Senior Secondary School", nameHi: "मरुधर सीनियर सेकेंडरी स्कूल", sample: true, addItems: ["Kurti Salwaar"] },
  { name: "Churu Model School", nameHi: "चूरू मॉडल स्कूल", sample: true, addItems: ["Jacket"], comingSoon: ["Jacket"] },
  { name: "Tagore Bal Vidyalaya", nameHi: "टैगोर बाल विद्यालय", sample: true, colourChoice: ["T-shirt"] },
  { name: "Vivekanand Academy", nameHi: "विवेकानंद एकेडमी", sample: true, addItems: ["Lower", "Jacket"], colourChoice: ["Lower"] },
  { name: "Gyan Jyoti Public School", nameHi: "ज्ञान ज्योति पब्लिक स्कूल", sample: true },
  { name: "Shiksha Bharti School", nameHi: "शिक्षा भारती स्कूल", sample: true, comingSoon: ["White Pant"] },
  {
    name: "Sunrise Convent School",
    nameHi: "सनराइज़ कॉन्वेंट स्कूल",
    sample: true,
    items: ["Shirt", "Pant", "White Pant", "White Tunik", "White Skirt", "Tunik", "T-shirt", "Skirt", "Socks 1", "Socks 2"],
    addItems: ["Belt", "Tie Small", "Tie Big"],
  },
  { name: "Little Flower School", nameHi: "लिटिल फ़्लावर स्कूल", sample: true, colourChoice: ["T-shirt"] },
  { name: "Holy Angels School", nameHi: "होली एंजल्स स्कूल", sample: true, addItems: ["Kurti Salwaar", "Jacket"] },
  { name: "Maharishi Dayanand Public School", nameHi: "महर्षि दयानंद पब्लिक स्कूल", sample: true },
  { name: "Rajputana Senior Secondary School", nameHi: "राजपूताना सीनियर सेकेंडरी स्कूल", sample: true, addItems: ["Lower"] },
  { name: "Bharat Vidya Niketan", nameHi: "भारत विद्या निकेतन", sample: true },
  {
    name: "Lakshmi Devi Girls School",
    nameHi: "लक्ष्मी देवी गर्ल्स स्कूल",
    sample: true,
    items: ["Shirt", "Tunik", "Skirt", "White Skirt", "T-shirt", "Kurti Salwaar", "Belt", "Tie Small", "Socks 1", "Socks 2"],
    comingSoon: ["Kurti Salwaar"],
  },
  { name: "Sardar Patel Academy", nameHi: "सरदार पटेल एकेडमी", sample: true, colourChoice: ["T-shirt"] },
  { name: "Green Valley Public School", nameHi: "ग्रीन वैली पब्लिक स्कूल", sample: true, addItems: ["Jacket"] },
  { name: "Mother Teresa Convent School", nameHi: "मदर टेरेसा कॉन्वेंट स्कूल", sample: true, comingSoon: ["Tunik"] },
  {
    name: "Sanskar International School",
    nameHi: "संस्कार इंटरनेशनल स्कूल",
    sample: true,
    logo: true,
    addItems: ["Lower", "Jacket"],
    colourChoice: ["T-shirt", "Lower"],
  },
  { name: "Ratangarh Public School", nameHi: "रतनगढ़ पब्लिक स्कूल", sample: true },
  { name: "Sardarshahar Modern School", nameHi: "सरदारशहर मॉडर्न स्कूल", sample: true, addItems: ["Kurti Salwaar"] },
  { name: "Taranagar Shiksha Sadan", nameHi: "तारानगर शिक्षा सदन", sample: true },
  { name: "Rajgarh Vidya Peeth", nameHi: "राजगढ़ विद्या पीठ", sample: true, addItems: ["Lower"] },
  { name: "Sujangarh Bal Bharti School", nameHi: "सुजानगढ़ बाल भारती स्कूल", sample: true },
  { name: "Gandhi Memorial School", nameHi: "गांधी मेमोरियल स्कूल", sample: true, addItems: ["Socks"] },
  { name: "Aravali Public School", nameHi: "अरावली पब्लिक स्कूल", sample: true },
  { name: "Thar Desert Academy", nameHi: "थार डेज़र्ट एकेडमी", sample: true, addItems: ["Jacket"] },
  { name: "Navjeevan Senior Secondary School", nameHi: "नवजीवन सीनियर सेकेंडरी स्कूल", sample: true },
  { name: "Blue Bells Public School", nameHi: "ब्लू बेल्स पब्लिक स्कूल", sample: true, colourChoice: ["T-shirt"] },
  { name: "Kalpana Chawla Girls Academy", nameHi: "कल्पना चावला गर्ल्स एकेडमी", sample: true, addItems: ["Kurti Salwaar"] },
  { name: "Dr. Radhakrishnan Vidyalaya", nameHi: "डॉ. राधाकृष्णन विद्यालय", sample: true },
  { name: "Scholars' Home School", nameHi: "स्कॉलर्स होम स्कूल", sample: true },
  { name: "St. Mary's Convent School", nameHi: "सेंट मैरीज़ कॉन्वेंट स्कूल", sample: true },
  { name: "New Era Public School", nameHi: "न्यू एरा पब्लिक स्कूल", sample: true },
  { name: "Balaji Vidya Mandir", nameHi: "बालाजी विद्या मंदिर", sample: true },
  { name: "Jain Adarsh Vidyalaya", nameHi: "जैन आदर्श विद्यालय", sample: true },
];
