// The few extension APIs Corkboard's extension uses (Chrome's, Manifest V3).

declare namespace chrome {
  namespace runtime {
    const onInstalled: { addListener(listener: () => void): void };
    function openOptionsPage(): Promise<void>;
  }
  namespace contextMenus {
    interface OnClickData {
      menuItemId: string | number;
      srcUrl?: string;
      pageUrl?: string;
      selectionText?: string;
    }
    function create(properties: { id: string; title: string; contexts: string[] }): void;
    const onClicked: { addListener(listener: (info: OnClickData, tab?: tabs.Tab) => void): void };
  }
  namespace tabs {
    interface Tab {
      title?: string;
      url?: string;
    }
    function create(properties: { url: string }): Promise<Tab>;
  }
  namespace i18n {
    /** The message `name` of `_locales/<the browser's language>/messages.json` (English else). */
    function getMessage(name: string, substitutions?: string | string[]): string;
    function getUILanguage(): string;
  }
  namespace storage {
    const sync: {
      get(key: string): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
  }
}
