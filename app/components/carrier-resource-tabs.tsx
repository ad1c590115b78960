import type { ResourceTab } from "~/domain/carrier-resource";

/**
 * The learning-center tabs of a carrier (spec §2). Native disclosure widgets: keyboard and screen-reader
 * friendly, and they open without JavaScript. The HTML was sanitised on the server.
 */
export function CarrierResourceTabs({ tabs }: { tabs: ResourceTab[] }) {
  if (tabs.length === 0) return null;
  return (
    <div className="resource-tabs">
      {tabs.map((tab) => (
        <details key={tab.key}>
          <summary>{tab.label}</summary>
          <div className="resource-html" dangerouslySetInnerHTML={{ __html: tab.html }} />
        </details>
      ))}
    </div>
  );
}
