import type { ResourceTab } from "~/domain/carrier-resource";

/**
 * The sections of a carrier card as an accordion (spec §2: the learning-center tabs). Native disclosure
 * widgets, styled in app.css (`.carrier-sections`): keyboard and screen-reader friendly, and they open
 * without JavaScript. The HTML was sanitised on the server.
 *
 * `descriptionHtml` (the card's Description, which the card shows open above it) comes first, collapsed:
 * app.css shows this section on phones only and the open one on wider screens only, so it is seen and read
 * once. No class marks it: it is the first section of a card that has a Description. Labels are unique,
 * so they are the keys; a carrier without resources gets an empty list, which app.css hides. (Each of these
 * keeps the page's JavaScript from growing: decision 019.)
 */
export function CarrierResourceTabs({
  tabs,
  descriptionHtml,
}: {
  tabs: ResourceTab[];
  descriptionHtml: string | null;
}) {
  return (
    <div className="carrier-sections">
      {(descriptionHtml ? [{ label: "Description", html: descriptionHtml }, ...tabs] : tabs).map((tab) => (
        <details key={tab.label} className="carrier-section">
          <summary>{tab.label}</summary>
          <div className="resource-html" dangerouslySetInnerHTML={{ __html: tab.html }} />
        </details>
      ))}
    </div>
  );
}
