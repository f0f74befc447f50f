import { describe, expect, it } from "vitest";
import { projectors } from "../../projectors/index";
import { PROJECTION_NAMES } from "../../projectors/names";

describe("the read models' names for the operator's help", () => {
  it("are every projector's name, in the projectors' order", () => {
    expect([...PROJECTION_NAMES]).toEqual(projectors.map((p) => p.name));
  });
});
