import type { Db } from "../db/client";
import type { ChangeFeed } from "../db/changes";
import type { ConfigService } from "../config/service";
import { ProductService } from "./service";
import { ReviewService } from "./reviews";
import { PersonalProductsService } from "./personal";
import { InventoryService } from "../inventory/service";
import { ShippingService } from "../inventory/shipping";
import { LocationService } from "../locations/service";
import { WishlistService } from "../wishlist/service";
import { PromoBannerService } from "../promotions/service";
import { BlogService } from "../blog/service";

/** Services of the product page and its neighbours (reviews, stock, shipping, stores, wishlist, banners, blog). */
export function createProductServices(db: Db, config: ConfigService, feed: ChangeFeed | null = null) {
  const products = new ProductService(db, config, feed);
  return {
    products,
    reviews: new ReviewService(db),
    personalProducts: new PersonalProductsService(db),
    inventory: new InventoryService(db, products),
    shipping: new ShippingService(db, products),
    locations: new LocationService(db),
    wishlist: new WishlistService(db),
    promoBanners: new PromoBannerService(db),
    blog: new BlogService(db),
  };
}
