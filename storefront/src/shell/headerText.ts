/** Small text helpers of the header, free of server-only imports (browser code uses them). */
export const itemCountText = (count: number) => `${count === 1 ? "item" : "items"}`;
