import { describe, expect, it } from "vitest";
import { OTP_MAX_NUMBERS_PER_PREFIX, budgetTripSms, mobilePrefix, signInSmsVerdict, type SignInSmsSituation } from "../../domain/sign-in-sms";

const calm: SignInSmsSituation = {
  liveOrder: false,
  otherNumbersInSeries: 0,
  sentLastHour: 0,
  sentLastDay: 0,
  budget: { perHour: 60, perDay: 300 },
  coolingDown: false,
};

describe("whether a sign-in code goes out (decision 116)", () => {
  it("sends while the shop is under its budget and the series under its numbers", () => {
    expect(signInSmsVerdict(calm)).toEqual({ send: true, pastBudget: null });
    expect(signInSmsVerdict({ ...calm, sentLastHour: 59, sentLastDay: 299, otherNumbersInSeries: OTP_MAX_NUMBERS_PER_PREFIX - 1 })).toEqual({ send: true, pastBudget: null });
  });

  it("refuses at the hour's or the day's budget, and the first refusal trips", () => {
    expect(signInSmsVerdict({ ...calm, sentLastHour: 60 })).toEqual({ send: false, refused: "budget", reached: "hour", trips: true });
    expect(signInSmsVerdict({ ...calm, sentLastDay: 300 })).toEqual({ send: false, refused: "budget", reached: "day", trips: true });
  });

  it("keeps refusing through a cooldown without tripping again, even under the budget", () => {
    expect(signInSmsVerdict({ ...calm, coolingDown: true })).toEqual({ send: false, refused: "budget", reached: "cooldown", trips: false });
    expect(signInSmsVerdict({ ...calm, coolingDown: true, sentLastHour: 500 })).toMatchObject({ trips: false });
  });

  it(`refuses the ${OTP_MAX_NUMBERS_PER_PREFIX + 1}th number of one series in an hour`, () => {
    expect(signInSmsVerdict({ ...calm, otherNumbersInSeries: OTP_MAX_NUMBERS_PER_PREFIX })).toEqual({ send: false, refused: "series" });
    expect(mobilePrefix("9829012345")).toBe("98290");
  });

  it("lets a parent with a live order past the series, the budget and the cooldown, and says it did", () => {
    const busy = { ...calm, liveOrder: true, otherNumbersInSeries: 99, sentLastHour: 600, coolingDown: true };
    expect(signInSmsVerdict(busy)).toEqual({ send: true, pastBudget: "cooldown" });
    expect(signInSmsVerdict({ ...busy, coolingDown: false })).toEqual({ send: true, pastBudget: "hour" });
  });

  it("tells the shop which budget tripped, for how long only live orders get codes, and where to look", () => {
    const text = budgetTripSms("Churu Uniform House", { reached: "hour", budget: { perHour: 60, perDay: 300 }, cooldownMinutes: 60 });
    expect(text).toBe(
      "Churu Uniform House: sign-in codes reached the shop's budget (60 an hour), maybe SMS pumping. For 60 minutes only parents with a live order get a code. See the admin dashboard.",
    );
  });
});
