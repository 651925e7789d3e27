/** The one password of every demo login (seeds/ uses the same literal; the README prints it). */
export const DEMO_PASSWORD = 'icecream-demo';
