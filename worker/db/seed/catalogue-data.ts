// The demo catalogue's shoe models. Ships in the Worker: POST /api/v1/admin/create-test-data uses it.

/**
 * Shoe models of the demo catalogue; `photoFolder` names the folder of ../shared/shoes-dev used for
 * pictures. The folders mix colourways, so each colourway names the photos that show it (0001.jpg is 1)
 * and its colour is what they show: its product picture is the first, and its scan references are
 * those photos, so two colourways of a model never share references (they would always tie).
 */
export const CATALOGUE = [
  {
    brand: "Nike",
    model: "Air Max 1",
    photoFolder: "nike_air_max_1",
    category: "running",
    price: 649_900,
    colors: [
      { color: "Blanco/Negro", photos: [3, 15, 12] },
      { color: "Blanco/Verde agua", photos: [2, 10, 11] },
    ],
  },
  {
    brand: "Nike",
    model: "Cortez",
    photoFolder: "nike_cortez",
    category: "casual",
    price: 429_900,
    colors: [
      { color: "Blanco/Azul", photos: [3, 6, 8] },
      { color: "Negro/Blanco", photos: [1, 7, 9, 12, 15] },
    ],
  },
  {
    brand: "Adidas",
    model: "Superstar",
    photoFolder: "adidas_superstar",
    category: "casual",
    price: 459_900,
    colors: [
      { color: "Blanco/Negro", photos: [4, 2, 6, 7, 12, 13] },
      { color: "Negro/Blanco", photos: [14, 11] },
    ],
  },
  {
    brand: "Adidas",
    model: "Forum Low",
    photoFolder: "adidas_forum_low",
    category: "basketball",
    price: 519_900,
    colors: [
      { color: "Blanco/Azul", photos: [1, 2, 4, 14] },
      { color: "Blanco/Negro", photos: [3, 9, 15] },
    ],
  },
  {
    brand: "Asics",
    model: "Gel-Lyte III",
    photoFolder: "asics_gel-lyte_iii",
    category: "running",
    price: 589_900,
    colors: [
      { color: "Blanco/Gris", photos: [2, 4, 11] },
      { color: "Verde azulado", photos: [3, 1] },
    ],
  },
  {
    brand: "Converse",
    model: "Chuck 70 Low",
    photoFolder: "converse_chuck_70_low",
    category: "casual",
    price: 369_900,
    colors: [
      { color: "Negro", photos: [1, 6, 8, 9, 11] },
      { color: "Crema", photos: [15, 2, 7] },
    ],
  },
  {
    brand: "New Balance",
    model: "327",
    photoFolder: "new_balance_327",
    category: "running",
    price: 549_900,
    colors: [
      { color: "Azul/Blanco", photos: [2, 12, 13] },
      { color: "Rojo/Blanco", photos: [9, 11] },
    ],
  },
  {
    brand: "Reebok",
    model: "Club C 85",
    photoFolder: "reebok_club_c_85",
    category: "tennis",
    price: 399_900,
    colors: [
      { color: "Blanco/Verde", photos: [3, 1, 4, 13] },
      { color: "Negro", photos: [5, 14] },
    ],
  },
  {
    brand: "Vans",
    model: "Authentic",
    photoFolder: "vans_authentic",
    category: "casual",
    price: 289_900,
    colors: [
      { color: "Negro", photos: [1, 4, 6, 8] },
      { color: "Blanco", photos: [12, 3, 13] },
    ],
  },
  {
    brand: "Adidas",
    model: "Yeezy Slide",
    photoFolder: "yeezy_slide",
    category: "casual",
    price: 499_900,
    colors: [
      { color: "Hueso", photos: [10, 14] },
      { color: "Ónix", photos: [3, 2, 8, 9, 15] },
    ],
  },
  {
    brand: "Nike",
    model: "Court Vision",
    photoFolder: null,
    category: "tennis",
    price: 359_900,
    colors: [{ color: "Blanco", photos: [] }],
  },
  {
    brand: "Adidas",
    model: "Barricade",
    photoFolder: null,
    category: "tennis",
    price: 579_900,
    colors: [{ color: "Blanco/Azul", photos: [] }],
  },
  {
    brand: "Nike",
    model: "LeBron Witness 8",
    photoFolder: null,
    category: "basketball",
    price: 629_900,
    colors: [{ color: "Negro/Dorado", photos: [] }],
  },
  {
    brand: "Under Armour",
    model: "Curry Flow 10",
    photoFolder: null,
    category: "basketball",
    price: 699_900,
    colors: [{ color: "Azul/Amarillo", photos: [] }],
  },
] as const;

export const EU_SIZES = ["35", "36", "37", "38", "39", "40", "41", "42", "43", "44"];
export const US_SIZES = ["7", "7.5", "8", "8.5", "9", "9.5", "10", "10.5", "11"];
