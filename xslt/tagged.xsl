<?xml version="1.0" encoding="UTF-8"?>
<!-- The "tagged" view: segment text with the original DITA inline markup written out, e.g.
     Click <uicontrol>Prepayment</uicontrol>. The markup is the (unescaped) text of ph/bpt/ept/it,
     so text output is all it takes; locked references become <xref id="…"/>. -->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:x="urn:oasis:names:tc:xliff:document:1.2">
  <xsl:import href="lines.xsl"/>
  <xsl:output method="text" encoding="UTF-8"/>

  <xsl:template mode="seg" match="x:ph[contains(@id, 'locked')]">
    <xsl:text>&lt;xref id="</xsl:text>
    <xsl:value-of select="@xid"/>
    <xsl:text>"/&gt;</xsl:text>
  </xsl:template>
</xsl:stylesheet>
