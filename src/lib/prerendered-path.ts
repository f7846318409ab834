/** The one path whose HTML the build prerenders into index.html (the landing page). */
export const prerenderedPath = '/'
