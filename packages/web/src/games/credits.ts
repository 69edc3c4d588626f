/** Who made the games this client has a table for (the Credits page lists them; the shell names none). */
export const gameCredits: readonly string[] = [
  'Age of Heroes — Legend Games, 2003; design Robert and Tamara Hayes.',
];
