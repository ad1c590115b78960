import type { ResourceTab } from "~/domain/carrier-resource";

/**
 * The sections of a carrier card as an accordion (spec §2: the learning-center tabs). Native disclosure
 * widgets, styled in app.css (`.carrier-sections`): keyboard and screen-reader friendly, and they open
 * without JavaScript. The HTML was sanitised on the server.
 *
 * `descriptionHtml` is the card's Description as the first, collapsed section: only phones show it (the
 * card shows it open above on wider screens, and CSS hides one or the other, so it is seen and read once).
 */
export function CarrierResourceTabs({
  tabs,
  descriptionHtml,
}: {
  tabs: ResourceTab[];
  descriptionHtml?: string | null;
}) {
  if (tabs.length === 0 && !descriptionHtml) return null;
  return (
    <div className="carrier-sections">
      {descriptionHtml ? (
        <Section label="Description" html={descriptionHtml} className="carrier-section--phone" />
      ) : null}
      {tabs.map((tab) => (
        <Section key={tab.key} label={tab.label} html={tab.html} />
      ))}
    </div>
  );
}

function Section({ label, html, className }: { label: string; html: string; className?: string }) {
  return (
    <details className={className ? `carrier-section ${className}` : "carrier-section"}>
      <summary>{label}</summary>
      <div className="resource-html" dangerouslySetInnerHTML={{ __html: html }} />
    </details>
  );
}
