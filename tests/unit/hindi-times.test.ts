// hi-IN's time styles end in the English "pm": a Hindi page names the part of the day in Hindi.
import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime } from "../../domain/i18n";
import { adminTime } from "../../app/admin/orders.server";

const EVENING = new Date("2026-11-24T15:30:05Z"); // 9:00 pm in India
const MORNING = new Date("2026-11-24T04:45:00Z"); // 10:15 am

describe("times on Hindi pages", () => {
  it("say the part of the day in Hindi, never am or pm", () => {
    expect(formatDateTime(EVENING, "hi")).toBe("24 नव॰ 2026, रात 9:00");
    expect(formatDateTime(MORNING, "hi")).toBe("24 नव॰ 2026, सुबह 10:15");
    expect(adminTime(EVENING, "hi")).toBe("24 नव॰ 2026, रात 9:00:05");
    for (const text of [formatDateTime(EVENING, "hi"), formatDateTime(MORNING, "hi"), adminTime(EVENING, "hi"), adminTime(MORNING, "hi")]) {
      expect(text).not.toMatch(/\b[ap]\.?m\.?\b/i);
    }
  });

  it("leave English and a day alone", () => {
    expect(formatDateTime(EVENING, "en")).toBe("24 Nov 2026, 9:00 pm");
    expect(adminTime(MORNING, "en")).toBe("24 Nov 2026, 10:15:00 am");
    expect(formatDate(EVENING, "hi")).toBe("24 नव॰ 2026");
    expect(formatDateTime(EVENING, "hi", { timeStyle: "short" })).toBe("रात 9:00");
  });
});
