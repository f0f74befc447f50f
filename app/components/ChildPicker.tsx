import { Form, useLocation, Link } from "@remix-run/react";

/** The picker as the page's loader gives it (app/children/picker.server.ts), its words already in the page's language. */
export interface ChildPickerView {
  asked: boolean;
  signedIn: boolean;
  children: { id: string; name: string }[];
  chosen: { id: string; name: string; size: string | null; advice: string } | null;
  words: Record<"title" | "open" | "child" | "nobody" | "show" | "signIn" | "noChildren" | "addChildren", string>;
}

/**
 * "Size for my child" on a uniform page (decision 133): a link that asks for the picker (`?child=`),
 * then a GET form of the parent's children; the chosen child's size is preselected in the add form.
 */
export function ChildPicker({ picker }: { picker: ChildPickerView }) {
  const location = useLocation();
  const { words } = picker;
  if (!picker.asked) {
    return (
      <p className="child-picker-link">
        <Link to={`${location.pathname}?child=`} rel="nofollow">
          {words.open}
        </Link>
      </p>
    );
  }
  if (!picker.signedIn) {
    return (
      <p className="child-picker">
        <Link to={`/login?${new URLSearchParams({ redirectTo: `${location.pathname}?child=` })}`}>{words.signIn}</Link>
      </p>
    );
  }
  if (picker.children.length === 0) {
    return (
      <p className="child-picker">
        {words.noChildren} <Link to="/account/children">{words.addChildren}</Link>
      </p>
    );
  }
  return (
    <div className="child-picker">
      <Form method="get" aria-label={words.title}>
        <label htmlFor="child-picker">{words.child}</label>{" "}
        <select id="child-picker" name="child" defaultValue={picker.chosen?.id ?? ""}>
          <option value="">{words.nobody}</option>
          {picker.children.map((child) => (
            <option key={child.id} value={child.id}>
              {child.name}
            </option>
          ))}
        </select>{" "}
        <button type="submit" className="secondary small">
          {words.show}
        </button>
      </Form>
      {picker.chosen ? (
        <p className="child-size" role="status" data-child-size={picker.chosen.size ?? ""}>
          {picker.chosen.advice}
        </p>
      ) : null}
    </div>
  );
}
