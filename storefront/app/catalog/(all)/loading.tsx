import ListingSkeleton from "@/catalog/ListingSkeleton";

export default function Loading() {
  return <ListingSkeleton />;
}
