import { describe, expect, it } from "vitest";
import { z } from "zod";
import { blogPost } from "@store/contract";
import { useTestApp } from "../test/app";
import { insertProductFixtures } from "../product/test-fixtures";

const t = useTestApp(insertProductFixtures);

const posts = async (query: string) => {
  const response = await t.app.inject(`/api/rest/blog${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return z.array(blogPost).parse(response.json());
};
const ids = (list: Array<{ post_id: string }>) => list.map((p) => p.post_id);

describe("GET /blog", () => {
  it("answers the posts of a post_id filter in bracket form, in the order asked", async () => {
    expect(ids(await posts("?filter[0][attribute]=post_id&filter[0][in]=1,2"))).toEqual(["1", "2"]);
    expect(ids(await posts("?filter%5B0%5D%5Battribute%5D=post_id&filter%5B0%5D%5Bin%5D=2,1"))).toEqual(["2", "1"]);
    expect(ids(await posts("?filter[0][attribute]=post_id&filter[0][eq]=3"))).toEqual(["3"]);
  });

  it("takes the short form, leaves out unpublished and unknown posts", async () => {
    expect(ids(await posts("?post_id=3,4,99"))).toEqual(["3"]);
  });

  it("answers the latest published posts without a filter, sanitised", async () => {
    const latest = await posts("");
    expect(ids(latest)).toEqual(["3", "2", "1"]);
    expect(ids(await posts("?limit=1"))).toEqual(["3"]);
    const guide = latest[2]!;
    expect(guide).toMatchObject({ url_key: "fridge-guide", title: "Fridge guide", content: "<p>How to</p>" });
  });

  it("answers posts by url key, in either form and the order asked; unpublished and unknown keys are left out", async () => {
    const [guide] = await posts("?url_key=fridge-guide");
    expect(guide).toMatchObject({ post_id: "1", url_key: "fridge-guide", title: "Fridge guide", content: "<p>How to</p>" });
    expect(ids(await posts("?filter[0][attribute]=url_key&filter[0][in]=tv-sizes,fridge-guide"))).toEqual(["3", "1"]);
    expect(ids(await posts("?filter%5B0%5D%5Battribute%5D=url_key&filter%5B0%5D%5Beq%5D=laundry-tips"))).toEqual(["2"]);
    expect(await posts("?url_key=coming-soon")).toEqual([]);
    expect(await posts("?url_key=no-such-post")).toEqual([]);
  });

  it("pages through the latest posts", async () => {
    expect(ids(await posts("?limit=2&page=1"))).toEqual(["3", "2"]);
    expect(ids(await posts("?limit=2&page=2"))).toEqual(["1"]);
    expect(await posts("?limit=2&page=3")).toEqual([]);
  });

  it("answers 400 for another filter attribute, a bad id, url key, limit or page, or ids and url keys together", async () => {
    for (const query of ["filter[0][attribute]=title&filter[0][in]=x", "post_id=abc", "post_id=0", "filter[0][attribute]=post_id",
      "filter[0][attribute]=post_id&filter[0][like]=1", "limit=0", "limit=51", "page=0", "page=x", "page=1000001", "url_key=a%20b", "url_key=-x",
      "filter[0][attribute]=url_key", "post_id=1&url_key=fridge-guide", "filter[0][attribute]=url_key&filter[0][eq]=a&filter[1][attribute]=post_id&filter[1][eq]=1"]) {
      const response = await t.app.inject(`/api/rest/blog?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().messages.error[0].message).toEqual(expect.any(String));
    }
  });
});
