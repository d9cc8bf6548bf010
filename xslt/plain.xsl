<?xml version="1.0" encoding="UTF-8"?>
<!-- The "plain" view: the text only. Inline codes vanish except references that carry meaning
     (ph with an xref/keyref, locked references, SAP icon characters), which become <locked-ref>.
     Private-use characters (icon glyphs, U+E000..U+F8FF) are removed, as upstream does. -->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:x="urn:oasis:names:tc:xliff:document:1.2"
    xmlns:regexp="http://exslt.org/regular-expressions"
    extension-element-prefixes="regexp">
  <xsl:import href="lines.xsl"/>
  <xsl:output method="text" encoding="UTF-8"/>

  <xsl:template mode="seg" match="text()[normalize-space()]">
    <xsl:value-of select="regexp:replace(., '[&#xE000;-&#xF8FF;&#10;]', 'g', '')"/>
  </xsl:template>

  <xsl:template mode="seg" match="x:ph | x:bpt | x:ept | x:it"/>

  <xsl:template mode="seg" priority="1"
      match="x:ph[contains(., 'xref') or contains(., 'keyref') or contains(@id, 'locked')]
           | x:bpt[contains(., 'sap-icon-font-character')]">
    <xsl:text>&lt;locked-ref&gt;</xsl:text>
  </xsl:template>
</xsl:stylesheet>
