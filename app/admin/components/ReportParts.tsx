import { Form } from "@remix-run/react";
import { TableScroll } from "../../components/TableScroll";
import { useT } from "../../i18n/I18n";

interface Choices {
  schools: { value: string; label: string }[];
  itemGroups: { school: string; label: string; items: { value: string; label: string }[] }[];
}

/** The items sold, each school's under its name: the filter's and season planning's choice. */
export function ItemSelect({ groups, value, none, required }: { groups: Choices["itemGroups"]; value: string; none: string; required?: boolean }) {
  return (
    <select name="item" defaultValue={value} required={required}>
      <option value="">{none}</option>
      {groups.map((group) => (
        <optgroup key={group.school} label={group.label}>
          {group.items.map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}

/** The reports' filters: a GET form, so the period, school and item live in the address (JS off too). */
export function ReportFilters({ filter, choices }: { filter: { from: string; to: string; grain: string; school: string; item: string }; choices: Choices }) {
  const t = useT();
  return (
    <Form method="get" action="/admin/reports" className="report-filters">
      <fieldset>
        <legend>{t("reports:filters.legend")}</legend>
        <label>
          {t("reports:filters.from")}
          <input type="date" name="from" defaultValue={filter.from} required />
        </label>
        <label>
          {t("reports:filters.to")}
          <input type="date" name="to" defaultValue={filter.to} required />
        </label>
        <label>
          {t("reports:filters.grain")}
          <select name="grain" defaultValue={filter.grain}>
            <option value="day">{t("reports:filters.grainDay")}</option>
            <option value="week">{t("reports:filters.grainWeek")}</option>
            <option value="month">{t("reports:filters.grainMonth")}</option>
          </select>
        </label>
        <label>
          {t("reports:filters.school")}
          <select name="school" defaultValue={filter.school}>
            <option value="">{t("reports:filters.allSchools")}</option>
            {choices.schools.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("reports:filters.item")}
          <ItemSelect groups={choices.itemGroups} value={filter.item} none={t("reports:filters.allItems")} />
        </label>
        <button type="submit">{t("reports:filters.show")}</button>
      </fieldset>
    </Form>
  );
}

/** A row of a report table: its first cell names the row. */
function Row({ cells }: { cells: string[] }) {
  return (
    <tr>
      {cells.map((cell, column) =>
        column === 0 ? (
          <th key={column} scope="row">
            {cell}
          </th>
        ) : (
          <td key={column}>{cell}</td>
        ),
      )}
    </tr>
  );
}

/** A report table with its figures (the chart's numbers, for a screen reader and for copying) and its CSV. */
export function ReportTableView({ name, title, table, csv, totals }: { name: string; title: string; table: { columns: string[]; rows: string[][] }; csv: string; totals?: string[] }) {
  const t = useT();
  return (
    <div className="report-table" data-table={name}>
      {table.rows.length === 0 ? (
        <p>{t("reports:sections.nothing")}</p>
      ) : (
        <TableScroll label={t("reports:table", { name: title })}>
          <table>
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, index) => (
                <Row key={index} cells={row} />
              ))}
            </tbody>
            {totals ? (
              <tfoot>
                <Row cells={totals} />
              </tfoot>
            ) : null}
          </table>
        </TableScroll>
      )}
      {/* A plain link: the file downloads with JavaScript off and on alike. */}
      <a href={csv} download className="report-csv" data-csv={name}>
        {t("reports:csv")} ({title})
      </a>
    </div>
  );
}
