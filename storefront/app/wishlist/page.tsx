import type { Metadata } from "next";
import WishlistView from "@/wishlist/WishlistView";

export const metadata: Metadata = { title: "Wishlist", robots: { index: false, follow: true } };

/** /wishlist: saved products (kept on the server when signed in, in the browser for guests). */
export default function WishlistPage() {
  return (
    <section aria-labelledby="wishlist-title">
      <h1 id="wishlist-title">Wishlist</h1>
      <WishlistView />
    </section>
  );
}
